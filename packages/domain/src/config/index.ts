export * from './diff';
export * from './document';
export * from './issues';
export * from './network';
export * from './support';
export * from './switching';
export * from './wireless';
export * from './wirelessChannels';
