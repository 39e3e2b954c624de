// The park's issuer details printed on its invoices (owner only): legal name ja/en, address, registration number.
import type { Knex } from 'knex';
import { isRegistrationNumber } from '../../../../common/rules/invoice';
import { DomainError } from '../../../lib/errors';

export interface InvoiceSettings {
  issuerJa: string;
  issuerEn: string | null;
  address: string;
  registrationNumber: string;
}

export async function getInvoiceSettings(knex: Knex, parkId: number): Promise<InvoiceSettings> {
  const p = await knex('parks').where({ id: parkId }).first();
  return {
    issuerJa: p.invoiceIssuerJa ?? '',
    issuerEn: p.invoiceIssuerEn ?? null,
    address: p.invoiceAddress ?? '',
    registrationNumber: p.invoiceRegistrationNumber ?? '',
  };
}

export async function setInvoiceSettings(knex: Knex, parkId: number, input: InvoiceSettings): Promise<InvoiceSettings> {
  const registrationNumber = input.registrationNumber.trim().toUpperCase();
  if (!isRegistrationNumber(registrationNumber)) throw new DomainError('invoiceRegistrationNumber');
  await knex('parks').where({ id: parkId }).update({
    invoice_issuer_ja: input.issuerJa,
    invoice_issuer_en: input.issuerEn,
    invoice_address: input.address,
    invoice_registration_number: registrationNumber,
  });
  return getInvoiceSettings(knex, parkId);
}
