/** The clients feature's public interface (other features ask it nothing; tests flush its writer). */
export { type ClientsDeps, type ClientsFeature, createClientsFeature } from './feature';
