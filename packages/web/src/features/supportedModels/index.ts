/** The supported-models feature's public face (issue 15 §2): its page's routes. */
export { consoleRoutes } from './routes';
