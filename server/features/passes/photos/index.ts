export { linkPurchasePhotos, readPassPhoto, setHolderPhoto, uploadPassPhoto } from './passPhotos';
export {
  encodeThumb,
  FACE_IMAGE_EDGE,
  FACE_IMAGE_QUALITY,
  type FacePhoto,
  type Pixels,
  processFacePhoto,
  THUMB_EDGE,
  THUMB_MAX_BYTES,
  THUMB_QUALITIES,
  thumbPixels,
} from './processFacePhoto';
