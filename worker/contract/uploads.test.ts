import { describe, expect, it } from 'vitest';
import { UPLOAD, uploadAccept, uploadTypeNames, uploadTypes } from './uploads';

describe('upload formats', () => {
  it('names GIF only where GIF is accepted, in the spec’s order', () => {
    expect(uploadTypeNames(false)).toEqual(['JPG', 'PNG', 'WebP']);
    expect(uploadTypeNames(true)).toEqual(['JPG', 'PNG', 'WebP', 'GIF']);
  });

  it('names, accepts and checks the same list', () => {
    for (const acceptsGif of [false, true]) {
      const types = uploadTypes(acceptsGif);
      expect(uploadAccept(acceptsGif).split(',')).toEqual(types);
      expect(uploadTypeNames(acceptsGif)).toHaveLength(types.length);
      expect(uploadTypeNames(acceptsGif).includes('GIF')).toBe(types.includes('image/gif'));
    }
    expect(uploadTypes(false)).toEqual(UPLOAD.types);
    expect(uploadTypes(true)).toEqual(UPLOAD.typesWithGif);
  });
});
