import { IPV4_TEXT_MAX_LENGTH, PORT_LIST_TEXT_MAX_LENGTH } from '@netloom/domain';
import { Input, type InputProps } from 'antd';

/** A text input of an IPv4 address ("192.168.10.1"): as long as an address can be, no autofill. */
export function AddressInput({ maxLength = IPV4_TEXT_MAX_LENGTH, ...props }: InputProps) {
  return <Input maxLength={maxLength} autoComplete="off" {...props} />;
}

/** A text input of a port list ("80;443;8000-8010"). */
export function PortListInput(props: InputProps) {
  return <Input maxLength={PORT_LIST_TEXT_MAX_LENGTH} autoComplete="off" {...props} />;
}
