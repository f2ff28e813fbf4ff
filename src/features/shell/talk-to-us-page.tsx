export { TalkToUsPage as default } from './placeholder-pages';
