// English strings of locales/konbini.ts.
import type { English } from '../english';
import type { konbiniJa } from '../konbini';

export const konbiniEn: English<typeof konbiniJa> = {
  method: 'Pay at a convenience store',
  chooseStore: 'Convenience store to pay at',
  storeRequired: 'Please choose the convenience store you will pay at',
  methodNote:
    'After you apply, pay at the store counter with the number shown, by the deadline. Your tickets are issued once the payment is confirmed.',
  toSlip: 'Get the payment number ({{total}})',
  stores: {
    '00007': 'Seven-Eleven',
    '10001': 'Lawson',
    '10002': 'FamilyMart',
    '10005': 'Ministop',
  },
  slip: {
    title: 'Pay at the convenience store',
    lead: 'Your application is received. Pay at the convenience store with the numbers below by the deadline.',
    store: 'Store',
    amount: 'Amount to pay',
    receiptNo: 'Payment number (receipt no.)',
    confNo: 'Confirmation number',
    deadline: 'Pay by',
    howTo: 'How to pay',
    steps: {
      '00007': {
        s1: 'Tell the cashier you want to make an "internet payment".',
        s2: 'Give the payment number, or show the barcode of the payment slip.',
        s3: 'Pay the amount. Your receipt is your proof of payment.',
      },
      '10001': {
        s1: 'At the Loppi terminal in the store, choose "I have a number".',
        s2: 'Enter the payment number and the confirmation number, and print the slip.',
        s3: 'Take the slip to the counter within 30 minutes and pay.',
      },
      '10002': {
        s1: 'At the multi-copy machine in the store, choose "Bill payment".',
        s2: 'Enter the confirmation number (company code) and the payment number (order number), and print the slip.',
        s3: 'Take the slip to the counter and pay.',
      },
      '10005': {
        s1: 'At the Loppi terminal in the store, choose "I have a number".',
        s2: 'Enter the payment number and the confirmation number, and print the slip.',
        s3: 'Take the slip to the counter within 30 minutes and pay.',
      },
    },
    afterPay:
      'Once the payment is confirmed, your tickets arrive in My Tickets and the receipt is e-mailed to you. After the deadline the application is cancelled and the places are released.',
    openSlip: 'Show the payment slip',
    paid: 'Your payment is confirmed. Your tickets are in My Tickets.',
    expired: 'The payment deadline passed, so the application was cancelled.',
    toMyTickets: 'Go to My Tickets',
    invalid: 'No payment was found.',
  },
  pending: {
    title: 'Awaiting payment at the store',
    order: 'Application {{number}}',
    payBy: 'Pay at {{store}} by {{deadline}}',
    show: 'Show the payment number',
  },
  office: {
    title: 'Convenience store payment',
    lead: 'The days a buyer who chose to pay at a convenience store has to pay. The deadline never passes the day before the visit.',
    days: 'Days to pay',
    hint: '1 to 30 days. Applies to orders placed after the change.',
    save: 'Save',
    saved: 'Saved',
    failed: 'Could not save',
  },
};
