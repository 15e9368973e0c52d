export * from './agencies.ts';
export * from './codes.ts';
export * from './features.ts';
export * from './format.ts';
export * from './preparedness.ts';
export * from './product.ts';
export * from './roles.ts';
