import { describe, expect, it } from 'vitest';
import { QUICK_STYLE_TEXTS, STYLE_TEXTS } from './style-texts';
import { offlineEditRefusal, readEditInstructions } from './edit-instructions';

const read = (prompt: string, uploads = 1, style?: string) => readEditInstructions(prompt, { uploads, style });
const refusal = (prompt: string, uploads = 1) => offlineEditRefusal(read(prompt, uploads));

describe('reading an edit prompt for the offline engine', () => {
  it('reads a background scene, and the scene words go to the renderer without the person words', () => {
    expect(read('Put her in front of a night city skyline').background).toEqual({
      kind: 'scene',
      scene: 'night city skyline',
      blur: false,
    });
    expect(read('把背景換成夜晚的城市天際線').background).toEqual({ kind: 'scene', scene: '夜晚 城市 城市天際線', blur: false });
    expect(read('把她放在海灘上').background).toMatchObject({ kind: 'scene', scene: '海灘' });
    // A scene's moods are the scene's; "night" there is no darkening of the whole picture.
    expect(read('put her on a warm sunset beach')).toMatchObject({ background: { scene: 'warm sunset beach' }, adjustments: [] });
    expect(read('in front of snowy mountains with a blurred background').background).toEqual({
      kind: 'scene',
      scene: 'snowy mountains',
      blur: true,
    });
    // "Neon city" is a scene, not the cyberpunk look.
    expect(read('neon city background')).toMatchObject({ background: { kind: 'scene', scene: 'neon city' }, style: null });
  });

  it('reads plain, blurred, transparent and adjusted backgrounds in both languages', () => {
    expect(read('white background').background).toEqual({ kind: 'colour', hex: '#f5f5f5' });
    expect(read('背景換成藍色').background).toEqual({ kind: 'colour', hex: '#1e5fb4' });
    expect(read('blur the background').background).toEqual({ kind: 'blur' });
    expect(read('背景模糊').background).toEqual({ kind: 'blur' });
    expect(read('remove the background').background).toEqual({ kind: 'transparent' });
    expect(read('去背').background).toEqual({ kind: 'transparent' });
    expect(read('studio background').background).toEqual({ kind: 'studio' });
    expect(read('make the background black and white').background).toEqual({ kind: 'adjust', adjustments: ['greyscale'] });
    expect(read('讓背景變暗').background).toEqual({ kind: 'adjust', adjustments: ['dark'] });
  });

  it('reads styles and adjustments, keeping "black and white" one phrase', () => {
    expect(read('變成水彩畫').style).toBe('watercolor');
    expect(read('pencil sketch, mirror')).toMatchObject({ style: 'sketch', adjustments: ['mirror'] });
    expect(read('high contrast black and white')).toMatchObject({ style: null, adjustments: ['greyscale', 'contrast'] });
    expect(read('the same photo at night').adjustments).toEqual(['dark']);
    expect(read('make it look like a vintage photo').adjustments).toEqual(['sepia']);
    expect(read('put her on a beach, anime style')).toMatchObject({ background: { scene: 'beach' }, style: 'anime-style' });
  });

  it('reads every style description the workbench appends as something the engine does', () => {
    for (const { suffix } of [...STYLE_TEXTS, ...QUICK_STYLE_TEXTS]) expect(refusal(suffix), suffix).toBeNull();
  });

  it('takes the style field only when it names a look ("realistic", the default, is none)', () => {
    expect(read('make it warmer', 1, 'anime').style).toBe('anime-style');
    expect(read('make it warmer', 1, 'realistic').style).toBeNull();
    expect(refusal('please')).toEqual({ id: 'editOfflineNothingToApply' });
  });

  it('names what it cannot do: people, expressions, objects added or removed', () => {
    expect(refusal('make her smile')).toEqual({ id: 'editOfflineCannotDo', part: 'make her smile' });
    expect(refusal('remove the rocket')).toEqual({ id: 'editOfflineCannotDo', part: 'remove the rocket' });
    expect(refusal('add a dragon')).toEqual({ id: 'editOfflineCannotDo', part: 'add a dragon' });
    expect(refusal('讓她微笑')).toEqual({ id: 'editOfflineCannotDo', part: '讓她微笑' });
    // Removing a thing from the background is not removing the background.
    expect(refusal('remove the rocket from the background')).toMatchObject({ id: 'editOfflineCannotDo' });
    expect(refusal('change the background to Paris')).toMatchObject({ id: 'editOfflineCannotDo' });
    // A doable part does not carry an undoable one: the prompt is refused, naming the part.
    expect(refusal('put her on a beach and make her smile')).toEqual({ id: 'editOfflineCannotDo', part: 'make her smile' });
    expect(refusal('on a beach, smiling')).toMatchObject({ id: 'editOfflineCannotDo' });
    // "Knight" is not "night": a medieval knight is nothing the engine can make of a photo.
    expect(refusal('a medieval knight')).toMatchObject({ id: 'editOfflineCannotDo' });
    expect(refusal('一位冷靜的中世紀騎士')).toMatchObject({ id: 'editOfflineCannotDo' });
  });

  it('with several uploads, reads putting them together, and where', () => {
    expect(read('put them together', 2)).toMatchObject({ compose: true, notDoable: [] });
    expect(read('add the cat on the left', 2)).toMatchObject({ compose: true, side: 'left', notDoable: [] });
    expect(read('把狗放在她旁邊', 2)).toMatchObject({ compose: true, notDoable: [] });
    expect(read('put the dog in front of her', 2)).toMatchObject({ compose: true, background: null, notDoable: [] });
    expect(read('combine the two photos on a beach', 2)).toMatchObject({ compose: true, background: { scene: 'beach' } });
    expect(refusal('make them hug', 2)).toEqual({ id: 'editOfflineCannotDo', part: 'make them hug' });
    // One upload has nothing to put together.
    expect(refusal('put them together')).toMatchObject({ id: 'editOfflineCannotDo' });
  });
});
