/** The API keys feature's public interface: its constructor and the key resolver it hands the auth plugin. */
export { type ApiKeysFeature, type ApiKeysFeatureDeps, createApiKeysFeature } from './feature';
