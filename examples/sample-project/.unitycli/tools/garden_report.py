"""A project tool of the sample garden: how many trees the Garden scene has. Approve it before it runs:
`unitycli tools approve .unitycli/tools/garden_report.py`."""

from unitycli.api import (
    SceneModel,
    ToolContext,
    ToolInput,
    ToolOutput,
    ToolSpec,
    find_gameobject,
    hookimpl,
    open_for_read,
)


class TreeCountInput(ToolInput):
    pass


class TreeCountOutput(ToolOutput):
    trees: list[str]


def count_trees(ctx: ToolContext, request: TreeCountInput) -> TreeCountOutput:
    loaded = open_for_read(ctx, "Assets/Scenes/Garden.unity")
    trees = find_gameobject(SceneModel(loaded.yaml), "Trees")
    return TreeCountOutput(trees=[child.name for child in trees.children])


@hookimpl
def unitycli_register_tools(register):
    register(ToolSpec(name="garden.count-trees", title="Count the garden's trees",
                      summary="List the trees under Trees in the Garden scene.",
                      description="A sample project tool: reads Assets/Scenes/Garden.unity. Read-only.",
                      input_model=TreeCountInput, output_model=TreeCountOutput, handler=count_trees,
                      examples=({},)))
