/** The help feature's public face: the version info dialog of the account menu. */
export { VersionModal } from './VersionModal';
