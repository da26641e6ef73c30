import { describe, expect, it } from 'vitest';
import { UPLOAD, unsupportedUploadMessage, uploadAccept, uploadTypeNames, uploadTypes } from './uploads';

describe('upload formats', () => {
  it('says the spec’s refusal for the plain list and names GIF where GIF is accepted', () => {
    expect(unsupportedUploadMessage(false)).toBe('Only JPG, PNG, WebP formats are supported');
    expect(unsupportedUploadMessage(true)).toBe('Only JPG, PNG, WebP, GIF formats are supported');
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
