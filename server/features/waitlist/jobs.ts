import { JOB_NAMES, type JobDefinition } from '../jobs';
import { mailOffer } from './services/mailOffer';
import { offerFreedPlaces } from './services/offerFreedPlaces';

export const jobs: JobDefinition[] = [
  { name: 'waitlistOffers', sweep: true, run: (_d, app, now) => offerFreedPlaces(app.knex, now) },
  {
    name: JOB_NAMES.waitlistOfferMail,
    run: (d, app) => mailOffer(app.knex, app.mailer, app.config.publicUrl, Number(d.entryId)),
  },
];
