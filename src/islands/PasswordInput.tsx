/** The password field of the shared field kit, under the name sign-up and login import. */
export { default } from './ui/PasswordField.tsx';
