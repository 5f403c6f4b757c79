/** The solution generator (issue 15 §1): scenarios, inputs, the sizing engine, device-list rules, endpoints. */
export * from './api';
export * from './coverage';
export * from './devices';
export * from './inputs';
export * from './power';
export * from './scenarios';
export * from './sizing';
