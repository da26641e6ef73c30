import { describe, expect, it } from 'vitest';
import { ENGINE_TOOL_IDS } from './engine-operations';
import { CREATION_TYPES } from './generation';
import {
  COLOUR_PICKER_PRESETS,
  HEX_COLOUR,
  PHOTO_TOOL_IDS,
  TOOL_CATALOGUE,
  TOOL_IDS,
  compileToolPrompt,
  idPhotoPixels,
  toolById,
} from './tools';
import { toolInputSchema } from './tool-inputs';

describe('tool catalogue', () => {
  it('has one entry per tool id, a unique page each, and a known record type', () => {
    expect(TOOL_CATALOGUE.map((t) => t.id).sort()).toEqual([...TOOL_IDS].sort());
    expect(new Set(TOOL_CATALOGUE.map((t) => t.route)).size).toBe(TOOL_CATALOGUE.length);
    for (const tool of TOOL_CATALOGUE) expect(CREATION_TYPES).toContain(tool.recordType);
  });

  it('lists as photo tools exactly what the offline engine implements', () => {
    expect([...PHOTO_TOOL_IDS].sort()).toEqual([...ENGINE_TOOL_IDS].sort());
  });

  it('offers the 24 colour presets of the spec, all valid', () => {
    expect(COLOUR_PICKER_PRESETS).toHaveLength(24);
    expect(new Set(COLOUR_PICKER_PRESETS).size).toBe(24);
    for (const colour of COLOUR_PICKER_PRESETS) expect(colour).toMatch(HEX_COLOUR);
  });

  it('fills template placeholders and leaves no gap where notes are empty', () => {
    expect(compileToolPrompt(toolById('sketch'), {})).toBe('Turn this photo into a pencil drawing with clean strokes on paper.');
    expect(compileToolPrompt(toolById('id-photo-generation'), { size: 'visa', backgroundColor: '#0000ff' })).toBe(
      'Make an ID photo (visa), head and shoulders centred on a plain #0000ff background.',
    );
    expect(compileToolPrompt(toolById('face-swap'), { extra: 'ignored' }, 'my own prompt')).toBe('my own prompt');
  });

  it('validates a tool input with the catalogue rules', () => {
    const idPhoto = toolInputSchema(toolById('id-photo-generation'));
    expect(idPhoto.parse({})).toEqual({ size: 'oneInch', backgroundColor: '#ffffff' });
    expect(idPhoto.parse({ backgroundColor: '#ABCDEF', extra: 'dropped' })).toEqual({ size: 'oneInch', backgroundColor: '#abcdef' });
    expect(idPhoto.safeParse({ backgroundColor: '#abcdeg' }).success).toBe(false);
    expect(idPhoto.safeParse({ size: 'poster' }).success).toBe(false);
  });

  it('gives the labelled size at 300 DPI per ID size and 512×512 otherwise', () => {
    expect(idPhotoPixels('oneInch')).toEqual({ width: 295, height: 413 });
    expect(idPhotoPixels('twoInch')).toEqual({ width: 413, height: 626 });
    expect(idPhotoPixels('passport')).toEqual({ width: 413, height: 531 });
    expect(idPhotoPixels('visa')).toEqual({ width: 602, height: 602 });
    expect(idPhotoPixels('toString')).toEqual({ width: 512, height: 512 });
  });
});
