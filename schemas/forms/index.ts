// The form formats shared by the server and the SPA: one import path for both sides.
export * from './localizedText';
export * from './formPrefixes';
export * from './plainForm';
export * from './designerForm';
export * from './combinedTask';
export * from './normalizedForm';
export * from './stringEnum';
export * from './visibility';
