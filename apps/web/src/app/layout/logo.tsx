/** The institution's mark: a gold pillared house of trust on deep green. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="#0b5d4b" />
      <path
        d="M32 12 14 22v4h36v-4L32 12zm-14 18v16h6V30h-6zm11 0v16h6V30h-6zm11 0v16h6V30h-6zM14 50v4h36v-4H14z"
        fill="#e9c46a"
      />
    </svg>
  );
}
