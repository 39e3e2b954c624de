export { Item } from './models';
export { loadPassProducts } from './passProducts';
export { leadOf, parkRef } from './presentItem';
export { excludedDaysOfItems, isListedRow, orderByDefault, parkCalendars, whereListed } from './queries';
export { PASS_PRODUCT } from './responses';
export { categoryQuery, idListQuery, keywordQuery } from './routes';
