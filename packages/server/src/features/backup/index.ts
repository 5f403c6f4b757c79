/** The backup feature's public interface: nothing but its constructor (no other feature asks it). */
export { type BackupFeatureDeps, createBackupFeature } from './feature';
