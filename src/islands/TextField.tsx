/** The plain labelled input of the shared field kit, under the name sign-up and login import. */
export { Field as default } from './ui/fields.tsx';
