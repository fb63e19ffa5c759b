import { describe, expect, it } from 'vitest';
import { canvasDashboardId } from './dashboards.ts';

describe('canvasDashboardId (spec 000 §2.1)', () => {
  it('maps keys to the group id plus suffix', () => {
    expect(canvasDashboardId('issues', 'G1')).toBe('G1_Technology-ReportedIssues');
    expect(canvasDashboardId('technology', 'G1')).toBe(
      'G1_Technology-NetworksApplicationsEquipment',
    );
    expect(canvasDashboardId('coverage', 'G1')).toBe('G1_Technology-CollectionCoverage');
    expect(canvasDashboardId('conversationanalytics', 'G1')).toBe(
      'G1_Operations-ConversationalAnalytics',
    );
    expect(canvasDashboardId('jabra', 'G1')).toBe('G1_Jabra');
  });
  it('default is default_ plus the group id, list is list, unknown is null', () => {
    expect(canvasDashboardId('default', 'G1')).toBe('default_G1');
    expect(canvasDashboardId('list', 'G1')).toBe('list');
    expect(canvasDashboardId('nope', 'G1')).toBeNull();
    expect(canvasDashboardId('toString', 'G1')).toBeNull();
  });
});
