export { ProfilePage as default } from './placeholder-pages';
