export * from './local';
export * from './options';
export * from './posix';
export * from './section';
export * from './zones';
