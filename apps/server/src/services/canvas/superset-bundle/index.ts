export { BundleError, readZip, withZipEntries, type ZipEntry, type ZipLimits } from './read-zip.ts';
export {
  isExportFile,
  parseExport,
  parseYaml,
  type ExportFileInfo,
  type SupersetChart,
  type SupersetDashboard,
  type SupersetDatabase,
  type SupersetDataset,
  type SupersetExport,
  type SupersetMetadata,
} from './parse-export.ts';
export { previewOf } from './preview.ts';
export { columnUses } from './column-uses.ts';
export {
  SUPERSET_VIZ_TYPES,
  slugOf,
  toDashboardSpecs,
  type ToDashboardsOptions,
} from './to-dashboards.ts';
export { writeExport, type WriteExportOptions } from './write-export.ts';
