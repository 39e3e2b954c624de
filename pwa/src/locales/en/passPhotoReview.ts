import type { English } from '../english';
import type { passPhotoReviewJa } from '../passPhotoReview';

export const passPhotoReviewEn: English<typeof passPhotoReviewJa> = {
  link: 'Review photos',
  title: 'Review holder photos',
  lead: 'Check the face photos annual pass holders sent: the gate staff must be able to recognise the holder.',
  empty: 'No photo is waiting for review.',
  count: '{{count}} waiting',
  photoAlt: 'Face photo of {{name}}',
  previousAlt: 'Approved photo of {{name}}',
  previous: 'Current approved photo',
  passNumber: 'Pass number',
  uploadedAt: 'Sent on',
  approve: 'Approve',
  reject: 'Reject',
  reason: 'Reason for rejecting (sent to the holder)',
  reasonRequired: 'Please enter the reason for rejecting',
  approved: "{{name}}'s photo was approved.",
  rejected: "{{name}}'s photo was rejected. The holder has been told.",
  failed: 'This could not be done. Please try again.',
  readOnly: 'Only editors and owners review photos.',
};
