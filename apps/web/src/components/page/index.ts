export { DetailField, DetailList, FieldGrid, FormActions, PageHeader, Section } from './page-parts';
