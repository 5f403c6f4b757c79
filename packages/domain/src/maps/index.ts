/** Floor-plan maps (issue 12 §1): their limits and rules; the endpoints are in `api/maps.ts`. */
export * from './limits';
export * from './rules';
