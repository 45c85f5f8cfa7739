import { createContext, use, type AnchorHTMLAttributes, type ComponentType } from 'react';
import type { ClientRoutePath } from '../../shared/routes.ts';

/** A link to one of the app's screens without parameters, with the router's props the app uses. */
export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: ClientRoutePath;
  /** Props the link takes while its screen is the one open. */
  activeProps?: { className?: string; 'aria-current'?: 'page' };
  activeOptions?: { exact?: boolean };
}

/**
 * How the layout and the home page move between screens. The app gives the router's link and
 * navigation (app/router-navigation.tsx); the light start of a page opened without the router
 * (app/light-start.tsx) gives plain links that bring the router in when one is followed. So the
 * components that both can show never import the router themselves, and a first visit to such
 * a page does not download it before the page answers a tap.
 */
export interface Navigation {
  Link: ComponentType<AppLinkProps>;
  /** A hook: a function that opens a screen. */
  useNavigate: () => (to: ClientRoutePath) => Promise<void>;
}

const NavigationContext = createContext<Navigation | null>(null);
export const NavigationProvider = NavigationContext.Provider;

function useNavigation(): Navigation {
  const navigation = use(NavigationContext);
  if (!navigation) throw new Error('A link was rendered outside a NavigationProvider');
  return navigation;
}

/** A link to a screen, through whichever navigation the page has. */
export function AppLink(props: AppLinkProps) {
  const { Link } = useNavigation();
  return <Link {...props} />;
}

/** A function that opens a screen, through whichever navigation the page has. */
export function useAppNavigate(): (to: ClientRoutePath) => Promise<void> {
  return useNavigation().useNavigate();
}
