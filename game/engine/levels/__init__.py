"""How strong each level plays: the level configurations, what a weak level fails to see, the ladder's table."""
