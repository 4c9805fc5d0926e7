// The books (issue 48): what other features use of them.
export { AkunKasField, AkunKasSelect, akunKasLabel } from './components/akun-kas-select';
export { useAkunKas } from './api/get-akun-kas';
