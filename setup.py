"""Maps core/ and plugins/ onto the `unitycli` import package (setuptools cannot do this from pyproject alone)."""

from setuptools import find_packages, setup

packages = ["unitycli"] + [f"unitycli.{name}" for name in find_packages("core")]
packages += ["unitycli.plugins"] + [f"unitycli.plugins.{name}" for name in find_packages("plugins")]

setup(
    packages=packages,
    package_dir={"unitycli": "core", "unitycli.plugins": "plugins"},
    package_data={"unitycli": ["py.typed", "catalog/*.toml", "typetree/data/*.json", "typetree/data/*.json.gz",
                              "testkit/project/**/*"]},
)
