/** The data screen's public face: the location picker of the project form (its gazetteer and map). */
export { LocationPicker, type LocationPickerProps } from './LocationPicker';
