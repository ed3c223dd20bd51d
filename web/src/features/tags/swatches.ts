/**
 * The colours offered beside the colour field, with their pt_BR names (the buttons' accessible
 * names): Mantine's shade 6 of each palette, the server's default (blue) first.
 */
export const TAG_SWATCHES: readonly { color: string; name: string }[] = [
  { color: '#228be6', name: 'Azul' },
  { color: '#15aabf', name: 'Ciano' },
  { color: '#40c057', name: 'Verde' },
  { color: '#fab005', name: 'Amarelo' },
  { color: '#fd7e14', name: 'Laranja' },
  { color: '#fa5252', name: 'Vermelho' },
  { color: '#e64980', name: 'Rosa' },
  { color: '#7950f2', name: 'Roxo' },
  { color: '#868e96', name: 'Cinza' },
];
