/**
 * Chaos on SQLite: configuration that is never lost and never applied twice when the server, the
 * broker or both are SIGKILLed at random points (configChaosSuite.ts says how). Its own file so the
 * SQLite runs go side by side with the PostgreSQL ones.
 */
import { configChaosSuite } from './configChaosSuite';

configChaosSuite('sqlite');
