/** The accounts feature's public face (issue 14 §5): the account management page's routes. */
export { consoleRoutes } from './routes';
