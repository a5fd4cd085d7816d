"""Unity's serialization rules, one story each, on small scripts in a throwaway project (Unity 2022.3)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from unitycli.csharp import UNPROVEN, SerializationModel
from unitycli.csharp.literals import Construct
from unitycli.errors import UnityCliError

GUID = "0123456789abcdef0123456789abcdef"


def project(tmp_path: Path, sources: dict[str, str], version: str = "2022.3.17f1") -> Path:
    (tmp_path / "ProjectSettings").mkdir(parents=True, exist_ok=True)
    (tmp_path / "ProjectSettings/ProjectVersion.txt").write_text(f"m_EditorVersion: {version}\n")
    for number, (path, text) in enumerate(sources.items()):
        file = tmp_path / "Assets" / path
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(textwrap.dedent(text))
        guid = GUID if number == 0 else f"{number:032x}"
        file.with_name(file.name + ".meta").write_text(f"fileFormatVersion: 2\nguid: {guid}\n")
    return tmp_path


def layout(tmp_path: Path, sources: dict[str, str], version: str = "2022.3.17f1"):
    return SerializationModel(project(tmp_path, sources, version)).script_layout(GUID)


def names(fields) -> list:
    return [f.keys() for f in fields]


def test_which_fields_unity_serializes(tmp_path):
    result = layout(tmp_path, {"Player.cs": """
        using System;
        using System.Collections.Generic;
        using UnityEngine;
        using UnityEngine.Serialization;
        public class Player : MonoBehaviour {
            public int speed = 3;
            [SerializeField] private float jump = -1.5f;
            private int hidden;
            public static int count;
            public const int Max = 3;
            public readonly int fixedValue = 2;
            [NonSerialized] public int transientValue;
            [HideInInspector] public string label = "a\\"b";
            [FormerlySerializedAs("hp")] public int health;
            public Dictionary<string, int> table;
            public int[][] jagged;
            public List<List<int>> nested;
            public int[,] grid;
            public int? maybe;
            public Action callback;
            public List<Transform> targets = new List<Transform>();
            public GameObject[] prefabs;
            [field: SerializeField] public int Score { get; private set; } = 7;
            [field: SerializeField] public int ReadOnly { get; }
            public int Plain { get; set; }
            public Vector3 offset;
            public KeyCode key;
        }
        """})
    assert [f.name for f in result.fields] == ["speed", "jump", "label", "health", "targets", "prefabs",
                                               "<Score>k__BackingField", "offset", "key"]
    by_name = {f.name: f for f in result.fields}
    assert by_name["speed"].default == 3 and by_name["jump"].default.value == -1.5
    assert by_name["label"].default == 'a"b' and by_name["label"].hidden
    assert by_name["health"].former_names == ("hp",)
    assert by_name["targets"].kind == "array" and by_name["targets"].element.kind == "object"
    assert by_name["targets"].default == []
    assert by_name["<Score>k__BackingField"].default == 7
    assert (by_name["offset"].kind, by_name["key"].kind) == ("value", "enum")


def test_nested_serializable_classes_structs_enums_and_base_classes_across_files(tmp_path):
    result = layout(tmp_path, {
        "Game/Boss.cs": """
            using UnityEngine;
            namespace Game.Units {
                public class Boss : UnitBase<Phase> {
                    public Wave[] waves;
                    public Loot loot;
                    public NotSerializable skipped;
                    public Phase start = Phase.Rage;
                    public Flags flags = Flags.A | Flags.C;
                }
            }
            """,
        "Game/UnitBase.cs": """
            using UnityEngine;
            namespace Game {
                public abstract class UnitBase<T> : MonoBehaviour {
                    public int health = 10;
                    public T state;
                }
                [System.Serializable] public class Wave { public int count = 2; public Loot drop; }
                [System.Serializable] public struct Loot { public int gold; public string item; }
                public class NotSerializable { public int x; }
                public enum Phase { Calm, Rage = 5, Dead }
                [System.Flags] public enum Flags { A = 1 << 0, B = 1 << 1, C = 1 << 2 }
            }
            """,
    })
    assert result.base_classes == ("Game.UnitBase",) and result.unity_base == "MonoBehaviour"
    assert names(result.fields) == [["health"], ["state"], ["waves", [[["count"], ["drop", [["gold"], ["item"]]]]]],
                                    ["loot", [["gold"], ["item"]]], ["start"], ["flags"]]
    by_name = {f.name: f for f in result.fields}
    assert by_name["state"].kind == "enum" and by_name["state"].enum_members == (("Calm", 0), ("Rage", 5),
                                                                                  ("Dead", 6))
    assert by_name["start"].default == 5 and by_name["flags"].default == 5


def test_serialize_reference_generic_classes_and_the_depth_limit(tmp_path):
    result = layout(tmp_path, {"Holder.cs": """
        using System;
        using System.Collections.Generic;
        using UnityEngine;
        public interface IShape {}
        [Serializable] public class Pair<T> { public T first; public T second; }
        [Serializable] public class Node { public int value; public Node child; }
        public class Holder : MonoBehaviour {
            [SerializeReference] public IShape shape;
            [SerializeReference] public List<IShape> shapes;
            [SerializeReference] public int notAReference;
            public Pair<float> range;
            public Node root;
        }
        """})
    by_name = {f.name: f for f in result.fields}
    assert by_name["shape"].kind == "reference"
    assert by_name["shapes"].kind == "array" and by_name["shapes"].element.kind == "reference"
    assert "notAReference" not in by_name
    assert [(f.name, f.kind) for f in by_name["range"].fields] == [("first", "float"), ("second", "float")]
    depth, node = 0, by_name["root"]
    while node is not None:
        depth += 1
        node = next((f for f in node.fields if f.name == "child"), None)
    assert depth == 10  # Unity stops nesting serializable classes at depth 10


def test_generic_serializable_classes_are_skipped_before_unity_2020_1(tmp_path):
    result = layout(tmp_path, {"Holder.cs": """
        using UnityEngine;
        [System.Serializable] public class Pair<T> { public T first; }
        public class Holder : MonoBehaviour { public Pair<int> range; public int after; }
        """}, version="2019.4.40f1")
    assert [f.name for f in result.fields] == ["after"]


def test_if_blocks_follow_the_editor_symbols(tmp_path):
    result = layout(tmp_path, {"Conditional.cs": """
        using UnityEngine;
        public class Conditional : MonoBehaviour {
        #if UNITY_EDITOR
            public int editorOnly;
        #endif
        #if UNITY_2023_1_OR_NEWER
            public int newer;
        #elif UNITY_2022_3_OR_NEWER
            public int lts;
        #else
            public int older;
        #endif
        #if SOME_UNDEFINED_SYMBOL
            public int never;
        #endif
        }
        """})
    assert [f.name for f in result.fields] == ["editorOnly", "lts"]


def test_unproven_defaults_are_marked_not_guessed(tmp_path):
    result = layout(tmp_path, {"Defaults.cs": """
        using UnityEngine;
        public class Defaults : MonoBehaviour {
            public float computed = Mathf.PI;
            public Vector3 offset = new Vector3(1, 2, 3);
            public int sum = 1 + 2;
            public string name;
            public bool flag;
        }
        """})
    by_name = {f.name: f.default for f in result.fields}
    assert by_name["computed"] is UNPROVEN and by_name["offset"] == Construct("Vector3", (1, 2, 3))
    assert by_name["sum"] == 3 and by_name["name"] == "" and by_name["flag"] is False


def test_fields_that_reset_onvalidate_or_a_constructor_assign_have_no_proven_default(tmp_path):
    result = layout(tmp_path, {"Hooked.cs": """
        using System.Collections.Generic;
        using UnityEngine;
        public class Hooked : MonoBehaviour {
            public int a = 1;
            public int b = 2;
            public List<int> items;
            [field: SerializeField] public int Score { get; set; } = 3;
            public int untouched = 4;
            void Reset() { a = 10; this.Score = 5; }
            void OnValidate() { items.Clear(); b = Mathf.Max(0, b); }
        }
        """})
    by_name = {f.name: f for f in result.fields}
    assert by_name["untouched"].default == 4
    assert by_name["a"].default is UNPROVEN and by_name["a"].unproven_reason == "Reset() at Assets/Hooked.cs:10 assigns it"
    assert by_name["<Score>k__BackingField"].default is UNPROVEN
    assert by_name["b"].unproven_reason == "OnValidate() at Assets/Hooked.cs:11 assigns it"
    assert by_name["items"].default is UNPROVEN


def test_a_hook_that_calls_its_own_methods_leaves_every_field_unproven(tmp_path):
    result = layout(tmp_path, {"Opaque.cs": """
        using UnityEngine;
        public class Opaque : MonoBehaviour {
            public int a = 1;
            void Reset() { Setup(); }
            void Setup() { a = 2; }
        }
        """})
    assert result.fields[0].default is UNPROVEN
    assert result.fields[0].unproven_reason == "Reset() at Assets/Opaque.cs:5 calls code that may assign it"


@pytest.mark.parametrize(("sources", "code", "line"), [
    ({"Broken.cs": "using UnityEngine;\npublic class Broken : MonoBehaviour {\n  public int x = ;\n}\n"},
     "E_SCRIPT_SOURCE_UNPARSEABLE", 3),
    ({"Mystery.cs": "using UnityEngine;\npublic class Mystery : MonoBehaviour {\n\n  public Widget w;\n}\n"},
     "E_SCRIPT_LAYOUT_UNPROVABLE", 4),
    ({"Wrong.cs": "using UnityEngine;\npublic class Other : MonoBehaviour { }\n"}, "E_SCRIPT_CLASS_NOT_FOUND", 1),
    ({"Twice.cs": "using UnityEngine;\npublic class Base : MonoBehaviour { public int a; }\n"
                  "public class Twice : Base {\n  public int a;\n}\n"}, "E_SCRIPT_LAYOUT_UNPROVABLE", 4),
])
def test_code_that_cannot_be_decided_is_a_catalogued_error_naming_file_and_line(tmp_path, sources, code, line):
    with pytest.raises(UnityCliError) as caught:
        layout(tmp_path, sources)
    assert caught.value.code == code
    assert caught.value.details["file"] == "Assets/" + next(iter(sources))
    assert caught.value.details["line"] == line


def test_an_unknown_guid_is_a_catalogued_error(tmp_path):
    model = SerializationModel(project(tmp_path, {"A.cs": "public class A : UnityEngine.MonoBehaviour {}"}))
    with pytest.raises(UnityCliError) as caught:
        model.script_layout("f" * 32)
    assert caught.value.code == "E_SCRIPT_CLASS_NOT_FOUND"


@pytest.mark.parametrize("body", [
    "public " + "List<" * 3000 + "int" + ">" * 3000 + " deep;",
    "public int sum = " + "+".join(["1"] * 20000) + ";",
])
def test_hostile_nesting_is_a_catalogued_error_not_a_crash(tmp_path, body):
    with pytest.raises(UnityCliError) as caught:
        layout(tmp_path, {"Deep.cs": "using System.Collections.Generic;\nusing UnityEngine;\n"
                                     f"public class Deep : MonoBehaviour {{\n{body}\n}}\n"})
    assert caught.value.code == "E_SCRIPT_SOURCE_UNPARSEABLE"


def test_special_files_links_and_oversized_sources_are_not_read(tmp_path):
    import os

    root = project(tmp_path, {"Safe.cs": "using UnityEngine;\npublic class Safe : MonoBehaviour { public Other o; }\n"})
    os.mkfifo(tmp_path / "Assets/Other.cs")  # a FIFO named like a script: never opened (would block)
    outside = tmp_path.parent / f"{tmp_path.name}-outside.cs"
    outside.write_text("public class Other : UnityEngine.MonoBehaviour {}")
    os.symlink(outside, tmp_path / "Assets/Linked.cs")  # a link is never followed
    with pytest.raises(UnityCliError) as caught:
        SerializationModel(root).script_layout(GUID)
    assert caught.value.code == "E_SCRIPT_LAYOUT_UNPROVABLE" and caught.value.details["type"] == "Other"
    big = tmp_path / "Assets/Big.cs"
    big.write_text("// " + "x" * (5 << 20) + "\npublic class Big : UnityEngine.MonoBehaviour {}\n")
    big.with_name("Big.cs.meta").write_text("guid: " + "b" * 32 + "\n")
    with pytest.raises(UnityCliError) as too_big:
        SerializationModel(root).script_layout("b" * 32)
    assert too_big.value.code == "E_PROJECT_FILE_UNREADABLE"


def test_a_partial_script_takes_its_base_from_one_part_and_fields_from_another(tmp_path):
    result = layout(tmp_path, {
        "Split.cs": "using UnityEngine;\npublic partial class Split : MonoBehaviour { void Reset() { } }\n",
        "Split.Fields.cs": "public partial class Split { public int a = 1; public string b; }\n",
    })
    assert result.unity_base == "MonoBehaviour" and [f.name for f in result.fields] == ["a", "b"]


def test_fields_in_two_parts_of_a_partial_class_are_unprovable(tmp_path):
    with pytest.raises(UnityCliError) as caught:
        layout(tmp_path, {
            "Split.cs": "using UnityEngine;\npublic partial class Split : MonoBehaviour { public int a; }\n",
            "Split.More.cs": "public partial class Split { public int b; }\n",
        })
    assert caught.value.code == "E_SCRIPT_LAYOUT_UNPROVABLE"
    assert caught.value.details["declarations"] == ["Assets/Split.More.cs:1", "Assets/Split.cs:2"]


def test_a_document_written_before_a_formerly_serialized_as_rename_is_recognised(tmp_path):
    from unitycli.csharp.agreement import compare

    result = layout(tmp_path, {"Renamed.cs": """
        using UnityEngine;
        using UnityEngine.Serialization;
        public class Renamed : MonoBehaviour { public int first; [FormerlySerializedAs("oldName")] public int second; }
        """})
    agreement = compare(result, {"m_Script": None, "first": 1, "oldName": 2})
    assert agreement.stale and agreement.renamed == [("oldName", "second")]
    assert compare(result, {"m_Script": None, "first": 1, "second": 2}).exact


def test_unity_events_carry_their_argument_types(tmp_path):
    result = layout(tmp_path, {"Events.cs": """
        using System;
        using UnityEngine;
        using UnityEngine.Events;
        [Serializable] public class HitEvent : UnityEvent<GameObject, float> {}
        public class Events : MonoBehaviour {
            public UnityEvent onPlain;
            public UnityEvent<int> onCount;
            public HitEvent onHit;
        }
        """})
    by_name = {f.name: f for f in result.fields}
    assert {n: (f.kind, f.engine_type, f.type_args) for n, f in by_name.items()} == {
        "onPlain": ("value", "UnityEngine.Events.UnityEvent", ()),
        "onCount": ("value", "UnityEngine.Events.UnityEvent", ("int",)),
        "onHit": ("value", "UnityEngine.Events.UnityEvent", ("UnityEngine.GameObject", "float")),
    }


def test_edit_mode_callbacks_count_when_the_chain_executes_always(tmp_path):
    sources = {
        "Derived.cs": "using UnityEngine;\n[ExecuteAlways] public class Derived : Base { public int own = 1; }\n",
        "Base.cs": "using UnityEngine;\npublic abstract class Base : MonoBehaviour {\n  public int version = 0;\n"
                   "  protected virtual void Start() { version = 3; }\n}\n",
    }
    result = layout(tmp_path, sources)
    assert [(f.name, f.default) for f in result.fields] == [("version", UNPROVEN), ("own", 1)]
    assert result.fields[0].unproven_reason == "Start() at Assets/Base.cs:4 assigns it"


def test_edit_mode_callbacks_do_not_count_without_execute_always(tmp_path):
    result = layout(tmp_path, {"Plain.cs": "using UnityEngine;\npublic class Plain : MonoBehaviour {\n"
                                           "  public int version = 0;\n  void Start() { version = 3; }\n}\n"})
    assert result.fields[0].default == 0


@pytest.mark.parametrize(("version", "written"), [("2022.3.17f1", True), ("2021.3.0f1", False)])
def test_empty_serialize_reference_lists_end_with_the_registry_unity_appends(tmp_path, version, written):
    from unitycli.csharp.defaults import default_values
    from unitycli.unityyaml.emit import EmitStyle, emit_body

    result = layout(tmp_path, {"Shapes.cs": """
        using System.Collections.Generic;
        using UnityEngine;
        public interface IShape {}
        public class Shapes : MonoBehaviour {
            public int easing;
            [SerializeReference] public List<IShape> modifiers = new();
            [SerializeReference] public IShape single;
        }
        """}, version=version)
    values, omitted = default_values(result, version)
    assert "single" in omitted
    if written:  # the layout of Cinemachine Samples~/3D Samples/Cutscene.unity line 3517 (CinemachineFreeLookModifier)
        assert emit_body("MonoBehaviour", values, style=EmitStyle()) == (
            "MonoBehaviour:\n  easing: 0\n  modifiers: []\n  references:\n    version: 2\n    RefIds: []\n")
    else:
        assert list(values) == ["easing"] and "modifiers" in omitted


def test_a_nested_type_of_a_base_class_resolves_as_the_compiler_finds_it(tmp_path):
    # Cinemachine 2.x: CinemachineVirtualCamera's `TransitionParams` is declared in CinemachineVirtualCameraBase,
    # and CinemachineFreeLook names `CinemachineOrbitalTransposer.BindingMode`, declared in its base Transposer.
    result = layout(tmp_path, {"Camera.cs": """
        using System;
        using UnityEngine;
        namespace Rig {
            public class Camera : CameraBase {
                public TransitionParams m_Transitions;
                public Orbital.BindingMode m_BindingMode = Orbital.BindingMode.World;
            }
        }
        """, "CameraBase.cs": """
        using System;
        using UnityEngine;
        namespace Rig {
            public abstract class CameraBase : MonoBehaviour {
                [Serializable] public struct TransitionParams { public bool m_InheritPosition; }
            }
            public class Transposer : MonoBehaviour { public enum BindingMode { Local, World } }
            public class Orbital : Transposer { }
        }
        """})
    assert names(result.fields) == [["m_Transitions", [["m_InheritPosition"]]], ["m_BindingMode"]]
    assert result.fields[1].kind == "enum" and result.fields[1].default == 1
