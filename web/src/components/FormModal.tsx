/**
 * A modal for forms: centered from the sm breakpoint up, full screen on phones (below 576 px),
 * where a tall form would otherwise scroll inside a small box.
 */
import { Modal, useMantineTheme, type ModalProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

export function FormModal(props: ModalProps) {
  const theme = useMantineTheme();
  const phone = useMediaQuery(`(max-width: calc(${theme.breakpoints.sm} - 0.0625em))`, false);
  return <Modal centered size="lg" fullScreen={phone} {...props} />;
}
