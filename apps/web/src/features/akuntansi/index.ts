// The books (issue 48): what other features use of them.
export { AkunKasField } from './components/akun-kas-select';
