export { Wizard, type WizardProps, type WizardStep } from './wizard.tsx';
export { WizardDialog, WizardLoadState } from './wizard-dialog.tsx';
export { wizardResolver, type WizardSchema } from './wizard-schema.ts';
export { useWizardForm } from './use-wizard-form.ts';
export {
  cleanTags,
  FormTextField,
  TagsField,
  type FormTextFieldProps,
  type TagLimits,
} from './form-fields.tsx';
