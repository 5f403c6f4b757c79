/** Device commands as pages follow them: a command job read back from the server. */
export { fetchCommandJob } from './api';
