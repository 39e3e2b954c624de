export { Item } from './models';
export { leadOf, parkRef } from './presentItem';
export { excludedDaysOfItems, isListedRow, orderByDefault, parkCalendars, whereListed } from './queries';
export { categoryQuery, idListQuery, keywordQuery } from './routes';
