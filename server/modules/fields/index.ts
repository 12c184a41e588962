import type { AppModule } from '../../context';

/** Fields: the directory, field pages, ratings and the map (issue 13). */
export const fieldsModule: AppModule = { name: 'fields' };
