"""Play together: tables where people play each other, each on their own phone (issue 36)."""
