// English strings of locales/passVisitor.ts.
import type { English } from '../english';
import type { passVisitorJa } from '../passVisitor';

export const passVisitorEn: English<typeof passVisitorJa> = {
  cancel: {
    title: 'Cancel the annual pass',
    lead: 'Before the first entry only, the pass can be cancelled for everyone on it at once. It cannot be cancelled after the first entry.',
    button: 'Cancel this pass',
    dialogTitle: 'Cancel the annual pass?',
    holders: 'Holders',
    holderCount: '{{count}} holders',
    holderCount_one: '{{count}} holder',
    rate: 'Cancellation fee rate',
    confirmLead: "Everyone's member card and QR code stop working. This cannot be undone.",
    keep: 'Keep the pass',
    confirm: 'Cancel the pass',
    done: 'The annual pass was cancelled',
    refused: 'An annual pass cannot be cancelled after its first entry.',
  },
  reissue: {
    button: 'Reissue on this phone',
    title: "Reissue {{name}}'s member card on this phone?",
    lead: 'For a new or lost phone: this phone gets a new QR code.',
    warning: 'The card (QR code) on the old phone stops working once the gates have synced.',
    keep: 'Keep it',
    confirm: 'Reissue',
    done: 'The member card was reissued',
  },
  photo: {
    choose: 'Choose a face photo',
    change: 'Change the face photo',
    remove: 'Remove the photo',
    uploading: 'Sending…',
    chosen: 'Photo chosen (shown on the member card after purchase)',
    preview: 'Face photo of person {{n}}',
    hint: 'JPEG or PNG, at most 10MB. You can also add it on the member card later.',
  },
};
