/** The activation feature's public face (issue 15 §2): the activation statistics page's routes. */
export { consoleRoutes } from './routes';
