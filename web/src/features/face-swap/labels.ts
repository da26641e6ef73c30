import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { FaceSwapCategory, FaceSwapMode, FaceSwapOptionKey } from '@worker/contract/face-swap';

/**
 * Interface text of the avatar builder that lives in the Lingui catalogues: category and option
 * names. The values' labels are data in the option catalogue (worker/contract/face-swap.ts) in
 * both languages (docs/decisions/017-face-swap.md).
 */
export const CATEGORY_LABEL: Record<FaceSwapCategory, MessageDescriptor> = {
  role: msg`Role`,
  photography: msg`Photography`,
  style: msg`Style`,
  environment: msg`Environment`,
};

/** One name per option key (a new option fails to compile here until it has one). */
export const OPTION_LABEL: Record<FaceSwapOptionKey, MessageDescriptor> = {
  gender: msg`Gender`,
  age: msg`Age`,
  expression: msg`Expression`,
  eye_color: msg`Eye colour`,
  hair_style: msg`Hairstyle`,
  hair_color: msg`Hair colour`,
  beard: msg`Beard`,
  nationality: msg`Nationality`,
  body_weight: msg`Build`,
  face_shape: msg`Face shape`,
  facial_feature_details: msg`Facial details`,
  eye_features: msg`Eye features`,
  ears: msg`Ears`,
  skin_details: msg`Skin tone`,
  skin_texture_effect: msg`Skin texture`,
  clothing_style: msg`Clothing`,
  clothing_texture: msg`Fabric`,
  head_accessories: msg`Head accessories`,
  camera_type: msg`Camera`,
  lens_type: msg`Lens`,
  focal_length: msg`Focal length`,
  aperture: msg`Aperture`,
  shutter_speed: msg`Shutter speed`,
  iso: msg`ISO`,
  white_balance: msg`White balance`,
  focus_mode: msg`Focus mode`,
  exposure_mode: msg`Exposure`,
  shooting_mode: msg`Shooting mode`,
  shooting_angle: msg`Camera angle`,
  pose: msg`Pose`,
  shot_type: msg`Shot type`,
  imaging_style: msg`Photo style`,
  artistic_style: msg`Art style`,
  art_effect: msg`Art effect`,
  depth_of_field: msg`Depth of field`,
  photo_effect: msg`Photo effect`,
  special_effect: msg`Special effect`,
  post_processing_style: msg`Colour grading`,
  environment_atmosphere: msg`Atmosphere`,
  light_style: msg`Lighting`,
  light_direction: msg`Light direction`,
  background: msg`Background`,
  background_effect: msg`Background effect`,
  background_blur: msg`Background blur`,
};

/** What Random writes into the description (the options it picks are random values). */
export const EXAMPLE_PROMPTS: MessageDescriptor[] = [
  msg`A friendly avatar for my profile page`,
  msg`A confident portrait for my team page`,
  msg`A playful character for my game profile`,
  msg`A cinematic portrait that tells a story`,
];

/**
 * The fixed identity instruction as the reader sees it in Preview (worker/contract/face-swap.ts
 * FACE_SWAP_PREFIX, repeated as messages so English readers see exactly what is sent). The model
 * always receives the contract's English; a Chinese reader reads what it says.
 */
export const PREFIX_SHOWN: Record<FaceSwapMode, MessageDescriptor> = {
  edit: msg`Edit the attached portrait photo. Preserve the person's identity, likeness and facial structure exactly: the same face shape, eyes, nose, mouth, proportions and skin. Apply only the changes listed below and keep everything else as it is in the photo.`,
  generate: msg`Generate a photorealistic portrait of one person. Keep a single, consistent identity, likeness and facial structure, and apply only the features listed below.`,
};
