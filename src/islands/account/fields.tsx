/** The account forms' names for the shared field kit's plain fields. */
export { Field as AccountField, PasswordField } from '../ui/fields.tsx';
