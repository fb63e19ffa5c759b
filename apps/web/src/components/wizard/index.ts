export { Wizard, type WizardProps, type WizardStep } from './wizard.tsx';
export { WizardDialog } from './wizard-dialog.tsx';
export { wizardResolver, type WizardSchema } from './wizard-schema.ts';
