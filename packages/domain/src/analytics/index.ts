/** Analytics (issue 15 §3): the upload's body and signing, the queue's rule, idle detection, the data pivot. */
export * from './api';
export * from './idle';
export * from './pivot';
export * from './queue';
export * from './retention';
export * from './schemas';
export * from './signing';
