/** Forms that edit one item of a settings document, checked by the domain's rules as the user types. */
export { AddressField, CheckedField, FieldValidation, SecretField, TextField } from './CheckedField';
export { FieldRow } from './FieldRow';
export { GeneralIssues } from './GeneralIssues';
export { InlineEditForm } from './InlineEditForm';
export { ItemForm } from './ItemForm';
export { ItemModal, type SaveConfirmation } from './ItemModal';
export { AddressInput, PortListInput } from './inputs';
export { fieldFor, namePath, newIssues, type PlacedIssues, placeIssues } from './itemIssues';
export { type ItemSaveOutcome, useItemSave } from './useItemSave';
export { type ItemRules, type ItemValidation, useItemValidation } from './useItemValidation';
