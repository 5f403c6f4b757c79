export * from './local';
export * from './options';
export * from './posix';
export * from './zones';
