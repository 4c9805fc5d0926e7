// The only script of the landing page: close the phone menu after a section link is chosen.
const menu = document.querySelector<HTMLDetailsElement>('details.landing-menu');
menu?.addEventListener('click', (event) => {
  if ((event.target as HTMLElement).closest('a')) menu.open = false;
});
