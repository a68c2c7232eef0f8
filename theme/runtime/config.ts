import { createContext, useContext } from 'react';
import type { ThemeConfig } from '../types.ts';

/** The site's theme config, for components deep in the page (provided by App). */
export const ThemeConfigContext = createContext<ThemeConfig | null>(null);

export const useThemeConfig = () => useContext(ThemeConfigContext);
