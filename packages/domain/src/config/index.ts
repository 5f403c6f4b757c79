export * from './api';
export * from './catalogue';
export * from './diff';
export { SECRET_MASK } from './diffFormat';
export * from './document';
export * from './endpoints';
export * from './kind';
export { type CodedIssue, issuesUnder } from './ruleKit';
export * from './support';
